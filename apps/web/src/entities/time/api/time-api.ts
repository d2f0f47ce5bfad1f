import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PropertyType,
  SimilarVisits,
  TimeCorrection,
  TimeEntry,
  TimeEntryCreate,
  TimeEntryKind,
  TimesheetAction,
  TimesheetWeek,
  TimeSettingsInput,
  TimeStatus,
} from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session/get-me';
import { learnLocationConsent } from '../model/location-consent';

// Punches kept on the phone and the visit steps' timers live in punch-queue.ts.

/** The live updates' root for time (use-live-updates refreshes it on a time event). */
export const timeQueryKey = ['time'] as const;
const statusKey = [...timeQueryKey, 'status'] as const;

/** `GET /api/time/status`: the person's running timers, today and their location consent. */
export function useTimeStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: async ({ signal }) => {
      const status = await apiRequest<TimeStatus>('/time/status', { signal });
      learnLocationConsent(status.locationConsent.given);
      return status;
    },
  });
}

/** `GET /api/time/timesheets?week=`: the week holding `date`, as a grid. */
export function useTimesheetWeek(date: string) {
  return useQuery({
    queryKey: [...timeQueryKey, 'week', date],
    queryFn: ({ signal }) =>
      apiRequest<TimesheetWeek>(`/time/timesheets?week=${encodeURIComponent(date)}`, { signal }),
  });
}

export function useTimesheetAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { employeeId: string; weekStart: string; action: TimesheetAction }) =>
      apiRequest<TimesheetWeek>('/time/timesheets/actions', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeQueryKey }),
  });
}

export function useLocationConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (given: boolean) =>
      apiRequest<TimeStatus>('/time/consent', { method: 'PUT', body: { given } }),
    onSuccess: (status) => {
      learnLocationConsent(status.locationConsent.given);
      queryClient.setQueryData(statusKey, status);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// What was kept about me; corrections
// ---------------------------------------------------------------------------------------------

export interface MyLocations {
  retentionDays: number;
  items: {
    entryId: string;
    kind: TimeEntryKind;
    punch: 'start' | 'end';
    at: string;
    latitude: number;
    longitude: number;
    accuracyMeters: number;
  }[];
}

/** `GET /api/time/my-locations`, asked for only when the person opens the list. */
export function useMyLocations(enabled: boolean) {
  return useQuery({
    queryKey: [...timeQueryKey, 'my-locations'],
    queryFn: ({ signal }) => apiRequest<MyLocations>('/time/my-locations', { signal }),
    enabled,
  });
}

export function useCorrections(status: TimeCorrection['status'] = 'pending') {
  return useQuery({
    queryKey: [...timeQueryKey, 'corrections', status],
    queryFn: ({ signal }) =>
      apiRequest<{ items: TimeCorrection[] }>(`/time/corrections?status=${status}`, { signal }),
  });
}

export function useRequestCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      entryId: string | null;
      startedAt: string;
      endedAt: string;
      reason: string;
    }) => apiRequest<TimeCorrection>('/time/corrections', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeQueryKey }),
  });
}

export function useDecideCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) =>
      apiRequest<TimeCorrection>(`/time/corrections/${encodeURIComponent(id)}/decision`, {
        method: 'POST',
        body: { approve, note: null },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeQueryKey }),
  });
}

// ---------------------------------------------------------------------------------------------
// A manager's view of one person's entries
// ---------------------------------------------------------------------------------------------

export function useEntries(employeeId: string, from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: [...timeQueryKey, 'entries', employeeId, from, to],
    queryFn: ({ signal }) =>
      apiRequest<{ items: TimeEntry[] }>(
        `/time/entries?employeeId=${encodeURIComponent(employeeId)}&from=${from}&to=${to}`,
        { signal },
      ),
    enabled,
  });
}

export interface TimeEntryChange {
  at: string;
  byName: string | null;
  reason: string;
  before: { startedAt: string | null; endedAt: string | null };
  after: { startedAt: string | null; endedAt: string | null };
}

export function useEntryTrail(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...timeQueryKey, 'trail', id],
    queryFn: ({ signal }) =>
      apiRequest<{ items: TimeEntryChange[] }>(`/time/entries/${encodeURIComponent(id)}/changes`, {
        signal,
      }),
    enabled,
  });
}

export function useEditEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: string;
      startedAt: string;
      endedAt: string | null;
      reason: string;
    }) =>
      apiRequest<TimeEntry>(`/time/entries/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeQueryKey }),
  });
}

/** POST /api/time/entries: a leader or manager adds a shift or break someone forgot to punch. */
export function useAddEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TimeEntryCreate) =>
      apiRequest<TimeEntry>('/time/entries', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeQueryKey }),
  });
}

// ---------------------------------------------------------------------------------------------
// The business's time rules
// ---------------------------------------------------------------------------------------------

export function useTimeSettings(enabled = true) {
  return useQuery({
    queryKey: [...timeQueryKey, 'settings'],
    queryFn: ({ signal }) => apiRequest<TimeSettingsInput>('/time/settings', { signal }),
    enabled,
  });
}

export function useSaveTimeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: TimeSettingsInput) =>
      apiRequest<TimeSettingsInput>('/time/settings', { method: 'PUT', body: rules }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: timeQueryKey });
      // The session carries the week start the schedule draws its weeks from.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// What similar visits took (the calculator's correction)
// ---------------------------------------------------------------------------------------------

/** `GET /api/time/similar-visits`: admins and managers only (the Business Summary's figures). */
export function useSimilarVisits(propertyType: PropertyType, squareFootage: number | undefined) {
  return useQuery({
    queryKey: [...timeQueryKey, 'similar-visits', propertyType, squareFootage],
    queryFn: ({ signal }) =>
      apiRequest<SimilarVisits>(
        `/time/similar-visits?${new URLSearchParams({
          propertyType,
          squareFootage: String(squareFootage),
        }).toString()}`,
        { signal },
      ),
    enabled: squareFootage !== undefined && squareFootage > 0,
    staleTime: 5 * 60_000,
  });
}
