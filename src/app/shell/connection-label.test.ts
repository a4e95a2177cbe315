import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../api/schemas/config';
import { connectionLabel } from './ConnectionBadge';

function config(real: { discovery?: boolean; detector?: boolean; search?: boolean }): ServerConfig {
  const iface = (configured: boolean | undefined, host: string) => (configured ? { target: host, configured: true } : { target: 'Sandbox', configured: false });
  const anySandbox = !real.discovery || !real.detector || !real.search;
  return {
    platform: anySandbox ? 'sandbox' : 'platform',
    discoveryKeyOnServer: false,
    interfaces: { discovery: iface(real.discovery, 'discovery.example.com'), detector: iface(real.detector, 'detector.example.com'), search: iface(real.search, 'search.example.com') },
    uploadV4ThresholdBytes: 2 ** 31,
  };
}

describe('connectionLabel', () => {
  it('says Sandbox when Discovery is the embedded sandbox', () => {
    expect(connectionLabel(config({}))).toBe('Sandbox');
    expect(connectionLabel(config({ detector: true, search: true }))).toBe('Sandbox');
  });

  it("names Discovery's host when every interface is the platform", () => {
    expect(connectionLabel(config({ discovery: true, detector: true, search: true }))).toBe('discovery.example.com');
  });

  it('marks a real Discovery whose detector or Search still run on the sandbox', () => {
    expect(connectionLabel(config({ discovery: true }))).toBe('discovery.example.com + sandbox');
    expect(connectionLabel(config({ discovery: true, detector: true }))).toBe('discovery.example.com + sandbox');
  });
});
