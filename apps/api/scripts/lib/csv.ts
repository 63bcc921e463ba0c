// The CSV writer and its formula guard live with the API, which exports payments too.
export * from '../../src/lib/csv';
