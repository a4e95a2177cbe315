import type { ServerResponse } from 'node:http';
import type { Ctx, Reply, Route, SandboxState } from '../http';
import { HttpError } from '../http';

/** How often a blocked check-search looks at the clock again (the clock may be injected by tests). */
const POLL_MS = 200;

// Requests currently blocked in check-search, per sandbox: visible in /sandbox/info, and proof that a
// client that went away is no longer waited for.
const waiting = new WeakMap<SandboxState, Set<ServerResponse>>();

export function waitingChecks(state: SandboxState): number {
  return waiting.get(state)?.size ?? 0;
}

type LookupRow = { ready_at: bigint; response: string };

function findLookup(state: SandboxState, lookupId: string): LookupRow | undefined {
  return state.db.prepare('SELECT ready_at, response FROM search_lookups WHERE lookup_id = ?').get(lookupId) as LookupRow | undefined;
}

/** Resolves true once `now() >= readyAt`, false as soon as the client disconnects. */
function waitUntilReady(state: SandboxState, res: ServerResponse, readyAt: number): Promise<boolean> {
  if (state.now() >= readyAt) return Promise.resolve(true);
  // The client may have gone before we got here; 'close' would then never fire again.
  if (!res.socket || res.socket.destroyed) return Promise.resolve(false);
  const set = waiting.get(state) ?? new Set<ServerResponse>();
  waiting.set(state, set);
  set.add(res);
  return new Promise<boolean>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const finish = (ready: boolean) => {
      clearTimeout(timer);
      res.off('close', onClose);
      set.delete(res);
      resolve(ready);
    };
    const onClose = () => finish(false);
    const tick = () => {
      const remaining = readyAt - state.now();
      if (remaining <= 0) finish(true);
      else timer = setTimeout(tick, Math.min(remaining, POLL_MS));
    };
    res.on('close', onClose);
    tick();
  });
}

async function checkSearch(ctx: Ctx): Promise<Reply> {
  const lookupId = ctx.params.lookup_id ?? '';
  const row = findLookup(ctx.state, lookupId);
  if (!row) throw new HttpError(404, `Lookup ${lookupId} not found.`);
  const ready = await waitUntilReady(ctx.state, ctx.res, Number(row.ready_at));
  if (!ready) return;
  // The sandbox may have been reset while we waited.
  const done = findLookup(ctx.state, lookupId);
  if (!done) throw new HttpError(404, `Lookup ${lookupId} not found.`);
  ctx.res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(done.response) });
  ctx.res.end(done.response);
}

export const searchRoutes: Route[] = [{ method: 'GET', path: '/api/v1/search/check-search/:lookup_id', auth: 'token', handler: checkSearch }];
