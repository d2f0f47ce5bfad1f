// How the reports' raw rows become their answers.

/** The columns every visit row of these reports answers: its id, title, client and time. */
export function visitColumns(r: Record<string, unknown>) {
  return {
    id: r.id as string,
    title: r.title as string,
    clientName: r.client_name as string,
    date: r.date as string,
    startsAt: new Date(r.starts_at as string).toISOString(),
  };
}
