import { createAuditLogRepository, type AuditChainReport, type Database } from '@ecc/db';

export interface AuditCheckOutcome {
  isIntact: boolean;
  /** One line per realm: its entry count and whether its chain holds, or the first broken sequence. */
  lines: string[];
}

function describe(report: AuditChainReport): string {
  if (!report.firstBreak) return `${report.realmKey}: ${report.entryCount} entries, chain intact`;
  return `${report.realmKey}: chain broken at sequence ${report.firstBreak.sequence}: ${report.firstBreak.reason}`;
}

/** Verifies the hash chain of every realm's audit log, or of one realm (`npm run ecc -- audit check`). */
export async function checkAuditChains(db: Database, realmKey?: string): Promise<AuditCheckOutcome> {
  const reports = await createAuditLogRepository(db).verify(realmKey);
  if (realmKey !== undefined && reports.length === 0) {
    return { isIntact: false, lines: [`No realm has the key ${realmKey}`] };
  }
  return { isIntact: reports.every((report) => !report.firstBreak), lines: reports.map(describe) };
}
