import { PlacesResponse } from '@/schemas/place';
import { api } from './api';

/**
 * GET v1/places: towns and postcode districts matching the typed text (the offline maps look-up). A module of its own,
 * so the pages that look up a postcode (the reservation wizard, a private job) do not load find work's search schemas.
 */
export const lookUpPlaces = (q: string, signal?: AbortSignal) =>
  api.get('v1/places', PlacesResponse, 'Places', { query: { q }, signal, quiet: true }).then((r) => r.data);
