import { EDUCATION_LABELS, type Education, SPECIALIZATION_LABELS, type Specialization } from '@app/shared';

export const specializationLabel = (s: string) => SPECIALIZATION_LABELS[s as Specialization] ?? s;
export const educationLabel = (e: string | null) =>
  e ? (EDUCATION_LABELS[e as Education] ?? e) : 'Not specified';
export const availabilityLabel = (a: string | null) =>
  a === 'full-time' ? 'Full-time' : a === 'part-time' ? 'Part-time' : 'Not specified';
