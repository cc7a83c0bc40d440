// A single card in the middle of the page: the pages a provider sends people back to
// (onboarding, checkout) and other one-message pages.
import type { ReactNode } from 'react';

export function CenteredCard({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="card flex w-full max-w-md flex-col items-center p-8 text-center">{children}</div>
    </main>
  );
}
