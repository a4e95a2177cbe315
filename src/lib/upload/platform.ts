import {
  acquireDiscoverySlot,
  describeError,
  discoveryAuthHeaders,
  discoveryUrl,
  getAsset,
  getServerConfig,
  registerAssetUpload,
  toId,
  verifyAssetUpload,
  type AssetUploadMetadata,
} from '../../api';
import { computeFid } from '../fid';
import { createUploadEngine, type UploadEngine, type UploadItem } from './engine';
import { putFileWithXhr } from './put-file';
import { createTusAdapter, tusChunkSize } from './tus';

/** What the user fills in per file; the engine adds fid and mime_type. */
export type UploadFormMetadata = Omit<AssetUploadMetadata, 'fid' | 'mime_type'>;
export type QueuedUpload = UploadItem<UploadFormMetadata>;

/** The spec's split when the server does not say otherwise. */
const DEFAULT_V4_THRESHOLD = 2 * 1024 ** 3;
export const TUS_ENDPOINT_PATH = '/v4/cms/assets/file-upload/';

let thresholdPromise: Promise<number> | null = null;
let knownThreshold = DEFAULT_V4_THRESHOLD;

function v4ThresholdBytes(): Promise<number> {
  thresholdPromise ??= getServerConfig()
    .then((config) => {
      knownThreshold = config.uploadV4ThresholdBytes;
      return knownThreshold;
    })
    .catch((error: unknown) => {
      thresholdPromise = null;
      throw error;
    });
  return thresholdPromise;
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function createPlatformUploadEngine(): UploadEngine<UploadFormMetadata> {
  return createUploadEngine<UploadFormMetadata>({
    v4ThresholdBytes,
    computeFid,
    register: async (metadata, file, version) => {
      const body: AssetUploadMetadata = { ...metadata, fid: file.fid, mime_type: file.mimeType };
      if (version === 3) {
        const answer = await registerAssetUpload(body, 3);
        return { assetId: answer.asset_id, fileUrl: answer.file_url };
      }
      const answer = await registerAssetUpload(body, 4);
      return { assetId: answer.asset_id, blobId: answer.blob_id };
    },
    // file_url is the platform's own upload location and carries its own authorisation.
    putFile: async (args) => {
      await acquireDiscoverySlot({ signal: args.signal });
      return putFileWithXhr(args);
    },
    tus: createTusAdapter({
      endpoint: () => discoveryUrl(TUS_ENDPOINT_PATH),
      headers: discoveryAuthHeaders,
      chunkSize: () => tusChunkSize(knownThreshold),
      beforeRequest: () => acquireDiscoverySlot(),
    }),
    verify: async (assetId) => (await verifyAssetUpload(toId(assetId))).uploaded,
    processingState: async (assetId) => (await getAsset(toId(assetId))).processing_status,
    describeError,
    titleOf: (metadata) => metadata.title,
    storage: browserStorage(),
  });
}

let engine: UploadEngine<UploadFormMetadata> | null = null;

/** The one upload queue of this tab: it lives outside React so it survives navigation. */
export function uploadEngine(): UploadEngine<UploadFormMetadata> {
  engine ??= createPlatformUploadEngine();
  return engine;
}
