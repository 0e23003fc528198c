// The `selection` config section. Its defaults live only in schemas/config/selection.schema.json
// (lib/config-loader.ts fills them in; select.ts's defaultSelectionConfig is the config an empty file gives).
import { join } from 'node:path'
import type { SelectionConfig } from '../../contracts/config.ts'
import { canonicalJson, sha256 } from '../../lib/hash.ts'

export const SELECTION_SCHEMA = join(import.meta.dirname, '..', '..', '..', 'schemas', 'config', 'selection.schema.json')

export type { FilterKey, QuotaKey, SelectionConfig, SelectionFilter, SelectionQuotas } from '../../contracts/config.ts'

/** The hash written into selected_tasks.json: same config, same hash, whatever the key order. */
export const selectionConfigHash = (config: SelectionConfig): string => sha256(canonicalJson(config))
