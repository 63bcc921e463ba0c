/**
 * Exports every ride with its passengers as CSV, through the running API: signs in, pages through
 * ride.list (time 'all'), asks passenger.list for each ride (one batched request per page), and
 * writes one row per passenger entry, prefixed with the ride's columns (a ride without entries
 * still gets one row, with empty passenger columns).
 *
 *   EXPORT_USERNAME=… EXPORT_PASSWORD=… pnpm --filter @rideshare/api export:rides -- \
 *     --url http://127.0.0.1:3000 --out rides.csv
 *
 * Without --out the CSV goes to stdout (progress and errors go to stderr). The account needs no
 * special role: passenger lists are visible to every signed-in member.
 * Exit codes: 0 done, 1 refused by the API, 2 usage error, 3 API unreachable.
 */
import { rename, writeFile } from 'node:fs/promises';

import { toSingaporeInputValue } from '@rideshare/domain';
import { TRPCClientError } from '@trpc/client';

import type { RouterOutputs } from '../src';
import type { ApiClient } from '../src/client';
import { operatorScript, readBaseUrl, usageError, withApiSession, type ScriptIo } from './lib/cli';
import { toCsv, type CsvValue } from '../src/http/csv';

const USAGE = `Usage: export-rides-csv [--url <api base url>] [--out <file.csv>] [--page-size <1-100>]
  Environment: EXPORT_USERNAME, EXPORT_PASSWORD (any member account)
  --url        the API's base URL (default http://127.0.0.1:3000)
  --out        file to write (default: standard output)
  --page-size  rides per request (default 100)
`;

type Ride = RouterOutputs['ride']['list']['items'][number];
type PassengerEntry = RouterOutputs['passenger']['list'][number];

export const CSV_HEADER = [
  'rideId',
  'direction',
  'date',
  'dateSingapore',
  'status',
  'creatorId',
  'creatorName',
  'pickupLocation',
  'maxPassengers',
  'currentPassengers',
  'cost',
  'additionalStops',
  'vendorId',
  'passengerEntryId',
  'passengerUserId',
  'passengerName',
  'passengerDiscordUsername',
  'passengerWhatsappNumber',
  'passengerMalaysianNumber',
  'passengerRevolutUsername',
  'passengerLocation',
  'passengerCount',
  'dropoffSequence',
] as const;

/** '2026-11-21T07:00:00.000Z' → '2026-11-21 15:00' (Singapore time, as people read the trip). */
function inSingapore(iso: string): string {
  return toSingaporeInputValue(iso).replace('T', ' ');
}

function rideRows(ride: Ride, entries: readonly PassengerEntry[]): CsvValue[][] {
  const rideColumns: CsvValue[] = [
    ride.id,
    ride.direction,
    ride.date,
    inSingapore(ride.date),
    ride.status,
    ride.creatorId,
    ride.creatorName,
    ride.pickupLocation,
    ride.maxPassengers,
    ride.currentPassengers,
    ride.cost,
    ride.additionalStops,
    ride.vendorId,
  ];
  if (entries.length === 0) return [[...rideColumns, ...Array<CsvValue>(10).fill(null)]];
  return entries.map((entry) => [
    ...rideColumns,
    entry.id,
    entry.userId,
    entry.user?.name ?? null,
    entry.user?.discordUsername ?? null,
    entry.user?.whatsappNumber ?? null,
    entry.user?.malaysianNumber ?? null,
    entry.user?.revolutUsername ?? null,
    entry.dropoffLocation,
    entry.passengerCount,
    entry.dropoffSequence,
  ]);
}

/** A ride's entries, or null when the ride was deleted between listing and asking. */
async function passengersOf(api: ApiClient, rideId: number): Promise<PassengerEntry[] | null> {
  try {
    return await api.trpc.passenger.list.query({ rideId });
  } catch (error) {
    if (error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'NOT_FOUND')
      return null;
    throw error;
  }
}

/** Every ride (each once, even if the list shifts while paging) with its passenger rows. */
async function collectRows(
  api: ApiClient,
  pageSize: number,
  io: ScriptIo,
): Promise<{ rows: CsvValue[][]; rides: number }> {
  const seen = new Set<number>();
  const rows: CsvValue[][] = [];
  for (let page = 1; ; page += 1) {
    const result = await api.trpc.ride.list.query({ time: 'all', direction: 'all', sort: 'dateAsc', page, pageSize });
    const fresh = result.items.filter((ride) => !seen.has(ride.id));
    const entries = await Promise.all(fresh.map((ride) => passengersOf(api, ride.id)));
    fresh.forEach((ride, i) => {
      const list = entries[i];
      if (list === null || list === undefined) return;
      seen.add(ride.id);
      rows.push(...rideRows(ride, list));
    });
    io.err(`Fetched ${String(Math.min(page * pageSize, result.total))} of ${String(result.total)} rides\n`);
    if (result.items.length === 0 || page * pageSize >= result.total) break;
  }
  return { rows, rides: seen.size };
}

export const main = operatorScript(import.meta.url, {
  usage: USAGE,
  flags: { url: { type: 'string' }, out: { type: 'string' }, 'page-size': { type: 'string' } },
  run: async (values, env, io) => {
    const problems: string[] = [];
    const baseUrl = readBaseUrl(values.url, problems);
    const pageSize = Number(values['page-size'] ?? '100');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
      problems.push('--page-size must be a whole number from 1 to 100');
    if (values.out !== undefined && values.out.trim() === '') problems.push('--out needs a file name');
    const username = env.EXPORT_USERNAME;
    const password = env.EXPORT_PASSWORD;
    if (!username) problems.push('EXPORT_USERNAME must be set in the environment');
    if (!password) problems.push('EXPORT_PASSWORD must be set in the environment');
    if (problems.length > 0 || !baseUrl || !username || !password) return usageError(problems, USAGE, io);

    return withApiSession({ baseUrl, username, password }, io, 'Export', async (api) => {
      const { rows, rides } = await collectRows(api, pageSize, io);
      const csv = toCsv(CSV_HEADER, rows);
      if (values.out) {
        // Written next to the target first, so a failed export never leaves half a file behind.
        const partial = `${values.out}.partial`;
        await writeFile(partial, csv, 'utf8');
        await rename(partial, values.out);
        io.err(`Wrote ${String(rows.length)} rows (${String(rides)} rides) to ${values.out}\n`);
      } else {
        io.out(csv);
        io.err(`Wrote ${String(rows.length)} rows (${String(rides)} rides)\n`);
      }
    });
  },
});
