import { eq, inArray } from 'drizzle-orm';
import { claimStages, defaultClaimStageLabels, type ClaimStage } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { claimStageLabels } from '../../../db/schema/index';

/* The stages' labels (issue 33): a row only where an admin renamed a stage; the rest are the domain's defaults. */

export async function stageLabels(db: Executor): Promise<Record<ClaimStage, string>> {
  const rows = await db.select({ stage: claimStageLabels.stage, label: claimStageLabels.label }).from(claimStageLabels);
  const chosen = new Map(rows.map((row) => [row.stage, row.label]));
  return Object.fromEntries(claimStages.map((stage) => [stage, chosen.get(stage) ?? defaultClaimStageLabels[stage]])) as Record<ClaimStage, string>;
}

export async function stageLabelOf(db: Executor, stage: ClaimStage): Promise<string> {
  const [row] = await db.select({ label: claimStageLabels.label }).from(claimStageLabels).where(eq(claimStageLabels.stage, stage));
  return row?.label ?? defaultClaimStageLabels[stage];
}

/** Writes the renamed stages and deletes the rows of those given their default back. */
export async function saveStageLabels(db: Executor, renamed: Array<{ stage: ClaimStage; label: string }>, defaults: ClaimStage[], userId: number): Promise<void> {
  if (defaults.length > 0) await db.delete(claimStageLabels).where(inArray(claimStageLabels.stage, defaults));
  for (const { stage, label } of renamed) {
    await db
      .insert(claimStageLabels)
      .values({ stage, label, updatedBy: userId })
      .onConflictDoUpdate({ target: claimStageLabels.stage, set: { label, updatedBy: userId, updatedAt: new Date() } });
  }
}
