// What a new engineer does before proposing: profile, licence, its verification, payout
// account. The server answers the steps (engineerSetup in @app/shared, from the facts the
// apply-eligibility rule reads); the list shows until every step is done.
import type { EngineerSetupDto } from '@app/shared';
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { useEngineerSetupQuery } from '../proposals';

type Step = EngineerSetupDto['steps'][number];

function stepHref(step: Step['step'], userId: string): string {
  const id = encodeURIComponent(userId);
  if (step === 'profile') return `/profile/${id}?tab=account`;
  if (step === 'payout') return `/engineer_dashboard/${id}?tab=stripe`;
  return `/profile/${id}?tab=licenses`;
}

export function SetupChecklist({ userId }: { userId: string }) {
  // Asked by the dashboard, which shows this only once the answer is in.
  const { data } = useEngineerSetupQuery(userId);
  if (!data || data.done) return null;
  const left = data.steps.filter((s) => !s.done).length;
  return (
    <section aria-labelledby="setup-heading" className="card mb-6 border-amber-200 bg-amber-50/60 p-4 sm:p-5">
      <h2 id="setup-heading" className="text-base font-semibold text-slate-900">
        Before you can send proposals
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {left === 1 ? 'One step is left.' : `${left} steps are left.`} Clients can hire you once all four are
        done.
      </p>
      <ol className="mt-3 grid gap-2 sm:grid-cols-2" aria-label="Setup checklist">
        {data.steps.map((s) => (
          <li key={s.step} className="flex items-start gap-2 rounded-lg bg-white p-3 ring-1 ring-slate-200">
            {s.done ? (
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-600" aria-label="Done" />
            ) : (
              <Circle className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-label="To do" />
            )}
            <div className="min-w-0 text-sm">
              {s.done ? (
                <p className="font-medium text-slate-500 line-through decoration-slate-300">{s.title}</p>
              ) : (
                <Link to={stepHref(s.step, userId)} className="font-semibold text-brand-700 hover:underline">
                  {s.title}
                </Link>
              )}
              <p className="text-slate-600">{s.detail}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
