import type { GatewayContext } from '../context';
import type { FileStore } from './files';
import type { SignedUrlTokens } from './tokens';

/** What every storage route needs. */
export interface StorageDeps {
  ctx: GatewayContext;
  store: FileStore;
  /** the project's upload limit in bytes (`[storage] file_size_limit`) */
  globalFileSizeLimit: number;
  tokens: SignedUrlTokens;
}
