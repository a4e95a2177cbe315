import { Box } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { UploadQueuePanel } from './UploadQueuePanel';

/** Every Assets page, with the upload queue pinned to its corner (it outlives page changes). */
export function AssetsLayout() {
  return (
    <>
      <Box pb={96}>
        <Outlet />
      </Box>
      <UploadQueuePanel />
    </>
  );
}
