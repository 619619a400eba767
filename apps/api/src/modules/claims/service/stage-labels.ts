import { claimStages, defaultClaimStageLabels, type ClaimStage } from '@portal/domain';
import type { Db } from '../../../db/client';
import * as repo from '../repository/stage-labels';

/* The stages' names (issue 33): every staff member reads them; an admin renames them (the ids stay). */

export async function readStageLabels(db: Db): Promise<{ labels: Record<ClaimStage, string> }> {
  return { labels: await repo.stageLabels(db) };
}

/** PUT /api/admin/claim-stages: a label equal to its default removes the stage's row (it follows the default again). */
export async function saveStageLabels(db: Db, userId: number, labels: Record<ClaimStage, string>): Promise<{ labels: Record<ClaimStage, string> }> {
  return db.transaction(async (tx) => {
    const renamed = claimStages.filter((stage) => labels[stage] !== defaultClaimStageLabels[stage]).map((stage) => ({ stage, label: labels[stage] }));
    const defaults = claimStages.filter((stage) => labels[stage] === defaultClaimStageLabels[stage]);
    await repo.saveStageLabels(tx, renamed, defaults, userId);
    return { labels: await repo.stageLabels(tx) };
  });
}
