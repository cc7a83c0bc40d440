// Building blocks the static pages share, so they read and look alike.
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

/** The band at the top of a static page: small eyebrow, the page's h1 and a lead. */
export function PageIntro({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      <Blueprint />
      <div className="relative mx-auto max-w-5xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        <div className="mt-5 max-w-3xl text-lg leading-8 text-slate-700">{lead}</div>
        {children}
      </div>
    </section>
  );
}

/** A faint drafting grid behind hero bands. Purely decorative. */
export function Blueprint({ className = '' }: { className?: string }) {
  return (
    <div
      aria-hidden
      className={`pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,rgb(29_78_216/0.06)_1px,transparent_1px),linear-gradient(to_bottom,rgb(29_78_216/0.06)_1px,transparent_1px)] bg-[size:32px_32px] [mask-image:radial-gradient(ellipse_at_top,black_40%,transparent_75%)] ${className}`}
    />
  );
}

export type FaqItem = { question: string; answer: ReactNode };

/** Questions that open in place (native disclosure: keyboard and screen readers for free). */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {items.map((item) => (
        <details key={item.question} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDown
              className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <div className="space-y-3 px-5 pb-5 leading-7 text-slate-700">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}

/** Long-form text with consistent headings, paragraphs and lists. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-4 leading-7 text-slate-700 [&_h2]:mt-10 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
      {children}
    </div>
  );
}
