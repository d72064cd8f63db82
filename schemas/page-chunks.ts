import { Schema } from 'effect';

/**
 * What the portal prefetches for a page before it is opened (spec §9: "prefetch idle timeout 2000 ms"): per page
 * module (`find-work/find-work-page`), the files it needs beyond the entry, its chunks and CSS; per locale, each
 * page's message files. The reference server makes it from Vite's build manifest (server/http/route-preload.ts) and
 * serves it at `/tpp/page-chunks.json`; the portal reads it when the browser is idle (src/app/prefetch-pages.ts).
 */
export const PageChunks = Schema.Struct({
  pages: Schema.Record(Schema.String, Schema.Array(Schema.String)),
  messages: Schema.Record(Schema.String, Schema.Record(Schema.String, Schema.Array(Schema.String))),
});
export type PageChunks = typeof PageChunks.Type;

/** Where the map is served, under the portal's base. */
export const PAGE_CHUNKS_FILE = 'page-chunks.json';
