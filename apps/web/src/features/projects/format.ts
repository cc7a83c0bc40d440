// How project values read on screen, shared by explore, details and the dashboards.
import {
  type ProjectStatus,
  SPECIALIZATION_LABELS,
  type Specialization,
  type UrgencyLevel,
} from '@app/shared';

export const URGENCY_LABELS: Record<UrgencyLevel, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

export const URGENCY_STYLES: Record<UrgencyLevel, string> = {
  low: 'bg-slate-100 text-slate-700 ring-slate-200',
  medium: 'bg-amber-50 text-amber-800 ring-amber-200',
  high: 'bg-orange-50 text-orange-800 ring-orange-200',
  critical: 'bg-red-50 text-red-800 ring-red-200',
};

export const STATUS_LABELS: Record<ProjectStatus, string> = {
  open: 'Open',
  assigned: 'Assigned',
  inprogress: 'In progress',
  closed: 'Closed',
  completed: 'Completed',
  problem: 'Problem',
};

export const STATUS_STYLES: Record<ProjectStatus, string> = {
  open: 'bg-green-50 text-green-800 ring-green-200',
  assigned: 'bg-brand-50 text-brand-800 ring-brand-100',
  inprogress: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  closed: 'bg-slate-100 text-slate-700 ring-slate-200',
  completed: 'bg-teal-50 text-teal-800 ring-teal-200',
  problem: 'bg-red-50 text-red-800 ring-red-200',
};

export function specializationLabel(value: string): string {
  return SPECIALIZATION_LABELS[value as Specialization] ?? value;
}

/** 'Austin, Texas, USA' style, leaving out what is missing; null when nothing is known. */
export function locationText(state: string | null | undefined, country: string | null | undefined) {
  const parts = [state, country].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** Up to two letters for a company avatar: first letters of the first and last words. */
export function companyInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  const first = words[0][0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}
