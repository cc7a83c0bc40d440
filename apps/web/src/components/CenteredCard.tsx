// A single card in the middle of the page: the pages a provider sends people back to
// (onboarding, checkout) and other one-message pages.
import type { ReactNode } from 'react';

// The card hangs from a fixed place near the top rather than sitting in the middle of the
// screen: its text changes as the page learns more (a checkout being confirmed, then paid),
// and a centred card moved up and down with each change (a layout shift).
export function CenteredCard({ children }: { children: ReactNode }) {
  return (
    <main className="flex justify-center px-4 py-16 sm:py-24">
      <div className="card flex w-full max-w-md flex-col items-center p-8 text-center">{children}</div>
    </main>
  );
}
