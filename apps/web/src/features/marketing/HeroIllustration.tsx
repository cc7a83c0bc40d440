// The landing hero's picture, drawn with SVG and utility classes (the CSP allows no
// external images): a drawing sheet with a beam elevation, its title block, an engineer's
// seal pressed on it and two status chips from the product.
import { BadgeCheck, FileCheck2 } from 'lucide-react';
import { Blueprint } from './components';

export function HeroIllustration() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-lg select-none">
      <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-br from-brand-100 via-white to-sky-100 blur-2xl" />
      <div className="relative rotate-1 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl">
        <Blueprint className="[mask-image:none]" />
        <div className="relative flex items-center gap-4 border-b border-slate-200 bg-white/80 px-5 py-3">
          <div className="flex gap-1.5">
            <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
            <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
            <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
          </div>
          <span className="font-mono text-xs text-slate-600">S-201 · Framing elevation</span>
        </div>
        <svg viewBox="0 0 400 230" className="relative block w-full text-brand-700" fill="none">
          {/* columns and beam */}
          <rect
            x="60"
            y="70"
            width="280"
            height="16"
            rx="2"
            className="fill-brand-100"
            stroke="currentColor"
            strokeWidth="2"
          />
          <rect
            x="70"
            y="86"
            width="14"
            height="96"
            className="fill-white"
            stroke="currentColor"
            strokeWidth="2"
          />
          <rect
            x="316"
            y="86"
            width="14"
            height="96"
            className="fill-white"
            stroke="currentColor"
            strokeWidth="2"
          />
          {/* truss web */}
          <path
            d="M84 86 L130 150 L176 86 L222 150 L268 86 L316 150"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeDasharray="4 4"
            opacity="0.6"
          />
          {/* footings */}
          <path d="M56 182 H98 M302 182 H344" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
          <path
            d="M60 188 l6 8 M72 188 l6 8 M84 188 l6 8 M306 188 l6 8 M318 188 l6 8 M330 188 l6 8"
            stroke="currentColor"
            strokeWidth="1.2"
            opacity="0.5"
          />
          {/* distributed load */}
          {[90, 130, 170, 210, 250, 290].map((x) => (
            <path
              key={x}
              d={`M${x} 36 V62 m-5 -6 l5 6 l5 -6`}
              stroke="#0f172a"
              strokeWidth="1.5"
              opacity="0.7"
            />
          ))}
          <path d="M84 36 H316" stroke="#0f172a" strokeWidth="1.5" opacity="0.7" />
          {/* dimension line */}
          <path d="M77 210 H323 M77 204 V216 M323 204 V216" stroke="#475569" strokeWidth="1.2" />
          <rect x="170" y="202" width="60" height="16" rx="3" className="fill-white" />
          <text x="200" y="214" textAnchor="middle" className="fill-slate-600 font-mono text-[11px]">
            24&apos;-0&quot;
          </text>
        </svg>
        <div className="relative grid grid-cols-3 border-t border-slate-200 bg-white font-mono text-[10px] uppercase tracking-wide text-slate-600">
          <div className="border-r border-slate-200 px-4 py-3">
            Project
            <div className="mt-1 font-sans text-xs font-semibold normal-case tracking-normal text-slate-900">
              Deck addition
            </div>
          </div>
          <div className="border-r border-slate-200 px-4 py-3">
            Sheet
            <div className="mt-1 font-sans text-xs font-semibold normal-case tracking-normal text-slate-900">
              S-201
            </div>
          </div>
          <div className="px-4 py-3">
            Status
            <div className="mt-1 font-sans text-xs font-semibold normal-case tracking-normal text-emerald-700">
              Sealed
            </div>
          </div>
        </div>
        {/* the seal */}
        <svg
          viewBox="0 0 120 120"
          className="absolute bottom-16 right-4 h-24 w-24 -rotate-12 text-red-700/80 sm:bottom-14 sm:right-6 sm:h-32 sm:w-32"
        >
          <defs>
            <path id="seal-ring" d="M60 60 m-42 0 a42 42 0 1 1 84 0 a42 42 0 1 1 -84 0" />
          </defs>
          <circle
            cx="60"
            cy="60"
            r="56"
            stroke="currentColor"
            strokeWidth="3"
            fill="white"
            fillOpacity="0.6"
          />
          <circle cx="60" cy="60" r="33" stroke="currentColor" strokeWidth="1.5" fill="none" />
          <text className="fill-current text-[10px] font-bold">
            <textPath href="#seal-ring" textLength="258" lengthAdjust="spacing">
              PROFESSIONAL ENGINEER · LICENSED ·
            </textPath>
          </text>
          <text x="60" y="57" textAnchor="middle" className="fill-current text-[15px] font-bold">
            PE
          </text>
          <text x="60" y="73" textAnchor="middle" className="fill-current font-mono text-[9px]">
            No. 84127
          </text>
        </svg>
      </div>
      <div className="absolute -top-6 right-2 flex sm:-right-6 items-center gap-2 rounded-xl border border-slate-200 bg-white px-3 py-2 shadow-lg">
        <BadgeCheck className="h-5 w-5 text-emerald-600" />
        <div className="text-xs">
          <p className="font-semibold text-slate-900">Licence verified</p>
          <p className="text-slate-600">Active · issuing state checked</p>
        </div>
      </div>
      <div className="absolute -bottom-12 left-2 flex sm:-left-8 items-center gap-2 rounded-xl border border-slate-200 bg-white px-3 py-2 shadow-lg">
        <FileCheck2 className="h-5 w-5 text-brand-600" />
        <div className="text-xs">
          <p className="font-semibold text-slate-900">Stamped PDF delivered</p>
          <p className="text-slate-600">Ready for the permit office</p>
        </div>
      </div>
    </div>
  );
}
