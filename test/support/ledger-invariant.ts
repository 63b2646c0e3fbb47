/**
 * The ledger invariant (docs/ledger.md), read straight from the database (SQLite file or MariaDB schema;
 * `logs` from the main database and the log database together when the app runs with LOG_SQL_DSN):
 *
 * - every user: initial + credits (rows of type 1, 4, 5 by `quota`; type 3 by `other.quota_delta`)
 *   − charges (type-2 `quota`) = users.quota, and users.used_quota = charges;
 * - every limited token: initial remain_quota − its charges = tokens.remain_quota, used_quota = charges;
 * - no open row in `reservations` (after settlement or boot recovery);
 * - every request id the client saw delivered has exactly one type-2 row; no request id has two.
 *
 * It returns figures for the report (money lost, over-charge on interrupted rows, delivered-but-free)
 * and the problems as readable lines. Only the scope's users and tokens are read, so suites running
 * side by side on one database do not disturb each other.
 */
import type { Db } from './relay-fixtures';
import { sleep } from './relay-fixtures';

/** A response the client received whole (JSON body parsed, or a stream up to its terminal event). */
export interface DeliveredResponse {
  /** `x-oneapi-request-id` of the response (undefined when the gateway sent none). */
  requestId?: string;
  userId: number;
}

export interface LedgerScope {
  /** The users to check, each with the quota it had before any ledger row (normally 0). */
  users: Record<number, number>;
  /** The limited tokens to check, each with the remain_quota it was created with. */
  tokens?: Record<number, number>;
  delivered?: DeliveredResponse[];
}

export interface LedgerFigures {
  /** Quota users hold above what the rows explain (served, or refunded, without a row): lost to the operator. */
  moneyLost: number;
  /** Quota taken from users without a row explaining it. */
  unexplainedCharges: number;
  /** Quota of type-2 rows marked `other.interrupted` (charged at recovery, delivery unknown). */
  overCharge: number;
  /** Delivered responses without a type-2 row. */
  deliveredFree: number;
  /** Type-2 rows beyond the first for one request id. */
  duplicateCharges: number;
  /** Reservations of the scope's users still open. */
  openReservations: number;
  chargeRows: number;
}

export interface LedgerReport extends LedgerFigures {
  ok: boolean;
  problems: string[];
}

interface LogRow {
  id: number;
  user_id: number;
  token_id: number;
  type: number;
  quota: number;
  other: string | null;
  request_id?: string;
}

const CREDIT_TYPES = new Set([1, 4, 5]);

function parseOther(other: string | null): Record<string, unknown> {
  if (!other) return {};
  try {
    const v = JSON.parse(other) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The signed change of a type-3 row (admin quota changes); null when the row does not say. */
function manageDelta(row: LogRow): number | null {
  const d = parseOther(row.other).quota_delta;
  return typeof d === 'number' && Number.isFinite(d) ? d : null;
}

const ids = (r: Record<number, number>) => Object.keys(r).map(Number);
const marks = (n: number) => new Array(n).fill('?').join(', ');

/** Reads the database once and checks the invariant for `scope`. */
export async function checkLedger(db: Db, scope: LedgerScope): Promise<LedgerReport> {
  const problems: string[] = [];
  const f: LedgerFigures = {
    moneyLost: 0,
    unexplainedCharges: 0,
    overCharge: 0,
    deliveredFree: 0,
    duplicateCharges: 0,
    openReservations: 0,
    chargeRows: 0,
  };
  const userIds = ids(scope.users);
  const tokens = scope.tokens ?? {};
  const tokenIds = ids(tokens);

  const who = [
    userIds.length ? `user_id IN (${marks(userIds.length)})` : '',
    tokenIds.length ? `(type = 2 AND token_id IN (${marks(tokenIds.length)}))` : '',
  ].filter(Boolean);
  const rows: LogRow[] = who.length
    ? (
        await db.logRows<LogRow>(
          `SELECT id, user_id, token_id, type, quota, other, request_id
           FROM logs WHERE type IN (1, 2, 3, 4, 5) AND (${who.join(' OR ')}) ORDER BY id`,
          [...userIds, ...tokenIds],
        )
      ).map((r) => ({ ...r, quota: Number(r.quota), user_id: Number(r.user_id), token_id: Number(r.token_id) }))
    : [];
  const charges = rows.filter((r) => Number(r.type) === 2);

  // Users: balance and used_quota against the rows.
  const users = userIds.length
    ? await db.all(`SELECT id, quota, used_quota FROM users WHERE id IN (${marks(userIds.length)})`, userIds)
    : [];
  for (const id of userIds) {
    const u = users.find((x) => Number(x.id) === id);
    if (!u) {
      problems.push(`user #${id}: not found`);
      continue;
    }
    let credits = 0;
    for (const r of rows.filter((x) => x.user_id === id)) {
      const type = Number(r.type);
      if (CREDIT_TYPES.has(type)) credits += r.quota;
      if (type === 3) {
        const d = manageDelta(r);
        if (d === null) problems.push(`user #${id}: manage row #${r.id} has no other.quota_delta`);
        else credits += d;
      }
    }
    const charged = charges.filter((x) => x.user_id === id).reduce((s, r) => s + r.quota, 0);
    const expected = scope.users[id] + credits - charged;
    const diff = Number(u.quota) - expected;
    if (diff !== 0) {
      problems.push(
        `user #${id}: quota ${Number(u.quota)}, rows say ${scope.users[id]} + ${credits} − ${charged} = ${expected} (${diff > 0 ? '+' : ''}${diff})`,
      );
      if (diff > 0) f.moneyLost += diff;
      else f.unexplainedCharges -= diff;
    }
    if (Number(u.used_quota) !== charged)
      problems.push(`user #${id}: used_quota ${Number(u.used_quota)}, type-2 rows sum to ${charged}`);
  }

  // Limited tokens.
  const tokenRows = tokenIds.length
    ? await db.all(
        `SELECT id, remain_quota, used_quota, unlimited_quota FROM tokens WHERE id IN (${marks(tokenIds.length)})`,
        tokenIds,
      )
    : [];
  for (const id of tokenIds) {
    const t = tokenRows.find((x) => Number(x.id) === id);
    if (!t) {
      problems.push(`token #${id}: not found`);
      continue;
    }
    const charged = charges.filter((x) => x.token_id === id).reduce((s, r) => s + r.quota, 0);
    const expected = tokens[id] - charged;
    if (Number(t.remain_quota) !== expected)
      problems.push(
        `token #${id}: remain_quota ${Number(t.remain_quota)}, rows say ${tokens[id]} − ${charged} = ${expected} (${Number(t.remain_quota) - expected > 0 ? '+' : ''}${Number(t.remain_quota) - expected})`,
      );
    if (Number(t.used_quota) !== charged)
      problems.push(`token #${id}: used_quota ${Number(t.used_quota)}, type-2 rows sum to ${charged}`);
  }

  // Charge rows: interrupted ones, duplicates, delivered responses without a row.
  const scoped = charges.filter((r) => r.user_id in scope.users);
  f.chargeRows = scoped.length;
  // No charge below zero, except a task's refund (docs/tasks.md): marked, at most one per task, and never
  // more than that task was charged.
  const byTask = new Map<string, { charged: number; refunds: number; refunded: number }>();
  for (const r of scoped) {
    const other = parseOther(r.other);
    const task = typeof other.task_id === 'string' ? other.task_id : null;
    if (r.quota < 0 && (other.refund !== true || !task))
      problems.push(`charge row #${r.id}: negative (${r.quota}) and not a task refund`);
    if (!task) continue;
    const t = byTask.get(task) ?? { charged: 0, refunds: 0, refunded: 0 };
    if (other.refund === true) {
      t.refunds += 1;
      t.refunded -= r.quota;
    } else t.charged += r.quota;
    byTask.set(task, t);
  }
  for (const [task, t] of byTask) {
    if (t.refunds > 1) problems.push(`task ${task}: refunded ${t.refunds} times`);
    if (t.refunded > t.charged) problems.push(`task ${task}: refunded ${t.refunded}, charged ${t.charged}`);
  }
  for (const r of scoped) if (parseOther(r.other).interrupted === true) f.overCharge += r.quota;
  const byId = new Map<string, LogRow[]>();
  for (const r of scoped) {
    if (!r.request_id) continue;
    byId.set(r.request_id, [...(byId.get(r.request_id) ?? []), r]);
  }
  for (const [rid, list] of byId) {
    if (list.length > 1) {
      f.duplicateCharges += list.length - 1;
      problems.push(`request ${rid}: ${list.length} type-2 rows (#${list.map((r) => r.id).join(', #')})`);
    }
  }
  const blank = scoped.filter((r) => !r.request_id);
  if (blank.length)
    problems.push(`${blank.length} type-2 row(s) without request_id (#${blank.map((r) => r.id).join(', #')})`);
  for (const d of scope.delivered ?? []) {
    if (!d.requestId) {
      problems.push(`user #${d.userId}: a delivered response carried no x-oneapi-request-id`);
    } else if (!byId.has(d.requestId)) {
      f.deliveredFree++;
      problems.push(`request ${d.requestId} (user #${d.userId}) was delivered and has no type-2 row`);
    }
  }

  // Reservations left open.
  if (userIds.length) {
    const open = await db.one(
      `SELECT COUNT(*) AS n FROM reservations WHERE user_id IN (${marks(userIds.length)})`,
      userIds,
    );
    f.openReservations = Number(open.n);
    if (f.openReservations > 0) problems.push(`${f.openReservations} open reservation(s)`);
  }

  return { ok: problems.length === 0, problems, ...f };
}

/** One line of figures for a report. */
export function ledgerFigures(r: LedgerFigures): string {
  return (
    `lost ${r.moneyLost}, unexplained charges ${r.unexplainedCharges}, over-charge (interrupted) ${r.overCharge}, ` +
    `delivered free ${r.deliveredFree}, duplicates ${r.duplicateCharges}, open reservations ${r.openReservations}, ` +
    `charge rows ${r.chargeRows}`
  );
}

/**
 * Checks until the invariant holds (settlements may still be landing) or `timeoutMs` passes, then
 * throws with the problems and the figures. Returns the passing report.
 */
export async function expectLedger(db: Db, scope: LedgerScope, timeoutMs = 10_000): Promise<LedgerReport> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await checkLedger(db, scope);
    if (r.ok) return r;
    if (Date.now() > until) {
      const shown = r.problems.slice(0, 25);
      const more = r.problems.length > shown.length ? `\n  … ${r.problems.length - shown.length} more` : '';
      throw new Error(`ledger invariant broken (${ledgerFigures(r)}):\n  ${shown.join('\n  ')}${more}`);
    }
    await sleep(100);
  }
}
