import { PAGE_CHUNKS_FILE, PageChunks } from '@/schemas/page-chunks';
import { api } from './api';

/**
 * GET /tpp/page-chunks.json: the build's prefetch map (schemas/page-chunks.ts), served by the reference server beside
 * the portal. Public and in the background: no re-login, and kept out of the progress bar.
 */
export const fetchPageChunks = () =>
  api.get(`${import.meta.env.BASE_URL.replace(/^\//, '')}${PAGE_CHUNKS_FILE}`, PageChunks, 'PageChunks', {
    noRenew: true,
    quiet: true,
  });
