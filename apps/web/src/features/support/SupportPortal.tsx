// The signed-in side of /contact (docs/PRODUCT.md#screens): tabs 'Create New Ticket' and 'My Existing Tickets'.
import * as Tabs from '@radix-ui/react-tabs';
import { ListChecks, PlusCircle } from 'lucide-react';
import { useState } from 'react';
import { CreateTicketForm } from './CreateTicketForm';
import { MyTickets } from './MyTickets';
import { useLiveTickets } from './useLiveTickets';

const tabClass =
  'inline-flex items-center gap-2 border-b-2 border-transparent px-3 py-3 text-sm font-semibold text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 sm:px-4';

export function SupportPortal() {
  const [tab, setTab] = useState('create');
  useLiveTickets();
  return (
    <Tabs.Root value={tab} onValueChange={setTab} className="card">
      <Tabs.List
        aria-label="Support tickets"
        className="flex overflow-x-auto border-b border-slate-200 px-2 sm:px-4"
      >
        <Tabs.Trigger value="create" className={tabClass}>
          <PlusCircle className="h-4 w-4" aria-hidden /> Create New Ticket
        </Tabs.Trigger>
        <Tabs.Trigger value="mine" className={tabClass}>
          <ListChecks className="h-4 w-4" aria-hidden /> My Existing Tickets
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="create" className="p-5 focus:outline-none sm:p-6">
        <CreateTicketForm onCreated={() => setTab('mine')} />
      </Tabs.Content>
      <Tabs.Content value="mine" className="px-5 py-2 focus:outline-none sm:px-6">
        <MyTickets />
      </Tabs.Content>
    </Tabs.Root>
  );
}
