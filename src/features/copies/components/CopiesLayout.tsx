import { Outlet } from '@tanstack/react-router';
import { BulkJobsPanel } from './BulkJobsPanel';

/** Every copies page, with the bulk jobs panel that outlives page changes. */
export function CopiesLayout() {
  return (
    <>
      <Outlet />
      <BulkJobsPanel />
    </>
  );
}
