import type { AppContext } from '../context.ts';

/** A scheduled job: features export one and list it in modules/index.ts (`featureJobs`). */
export type Job = { name: string; schedule: string; run(ctx: AppContext): Promise<void> };
