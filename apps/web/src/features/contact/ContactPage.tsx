// /contact (docs/PRODUCT.md#screens): signed-out visitors get the send-email form and the support
// address; signed-in users get the support portal with their tickets.
import { Clock, HelpCircle, LifeBuoy, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/lazyStore';
import { usePageMeta } from '../../lib/usePageMeta';
import { SupportPortal } from '../support';
import { useGetContactInfoQuery } from './api';
import { ContactForm } from './ContactForm';

export function ContactPage() {
  const user = useCurrentUser();
  usePageMeta(
    'Contact Us',
    'Contact StampWorks support by e-mail, or open a support ticket about a project, a payment or your account.',
  );
  return (
    <main>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Contact Us</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {user ? 'Support Center' : 'Get in touch with our team'}
          </h1>
          <p className="mt-3 max-w-2xl text-base leading-7 text-slate-700">
            {user
              ? 'Open a ticket about a project, a payment or your account, and follow the conversation with our support team.'
              : 'Questions about stamped drawings, engineer verification or payments? Send us a message and we will answer by e-mail.'}
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-10 lg:grid-cols-[1fr_18rem] lg:px-8">
        <div className="min-w-0">
          {user ? (
            <SupportPortal />
          ) : (
            <div className="card p-5 sm:p-6">
              <h2 className="mb-5 text-lg font-semibold text-slate-900">Send us an email</h2>
              <ContactForm />
            </div>
          )}
        </div>
        <SupportAside signedIn={!!user} />
      </div>
    </main>
  );
}

function SupportAside({ signedIn }: { signedIn: boolean }) {
  const { data } = useGetContactInfoQuery();
  return (
    <aside className="space-y-4" aria-label="Other ways to reach us">
      <div className="card p-5">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          <Mail className="h-5 w-5 text-brand-600" aria-hidden /> Support email
        </h2>
        <p className="mt-2 text-sm text-slate-600">Write to us directly at</p>
        {data ? (
          <a
            href={`mailto:${data.supportEmail}`}
            className="mt-1 block break-all font-medium text-brand-700 hover:underline"
          >
            {data.supportEmail}
          </a>
        ) : (
          <span className="mt-1 block h-5 w-40 animate-pulse rounded bg-slate-200" aria-hidden />
        )}
      </div>
      <div className="card p-5">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          <Clock className="h-5 w-5 text-brand-600" aria-hidden /> Response time
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          We answer most messages within one business day. Urgent tickets about payments or deadlines come
          first.
        </p>
      </div>
      <div className="card p-5">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          {signedIn ? (
            <LifeBuoy className="h-5 w-5 text-brand-600" aria-hidden />
          ) : (
            <HelpCircle className="h-5 w-5 text-brand-600" aria-hidden />
          )}
          {signedIn ? 'Before you write' : 'Have an account?'}
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          {signedIn ? (
            <>
              Many answers are already in our{' '}
              <Link to="/qa" className="font-medium text-brand-700 hover:underline">
                FAQ
              </Link>
              .
            </>
          ) : (
            <>
              <Link to="/sign-in" className="font-medium text-brand-700 hover:underline">
                Sign in
              </Link>{' '}
              to open a support ticket and follow its conversation, or read the{' '}
              <Link to="/qa" className="font-medium text-brand-700 hover:underline">
                FAQ
              </Link>
              .
            </>
          )}
        </p>
      </div>
    </aside>
  );
}
