import type { ReplicatedCollectionName } from '../collections';
import type { TableRulesFactory } from './table-rules';
import { threadScopeRules } from './thread-scope';

/**
 * Each replicated table's rules beyond the engine's defaults. Shared rules are listed here; a feature's rules
 * are registered at start-up from src/app, since shared code never imports a feature.
 */
const registered = new Map<ReplicatedCollectionName, TableRulesFactory>([['posts', threadScopeRules]]);

/** Sets the rules of a table for every replication started from now on. */
export function registerTableRules(name: ReplicatedCollectionName, rules: TableRulesFactory): void {
  registered.set(name, rules);
}

export function registeredTableRules(name: ReplicatedCollectionName): TableRulesFactory | undefined {
  return registered.get(name);
}
