/**
 * Lookups of one key each, sent to the database as few statements. When nothing is in flight a
 * lookup goes out at once, alone (no timer, no added wait when the app is idle); lookups that arrive
 * while `maxInFlight` are running wait and then go out together, as one statement with an array of
 * keys. Under load most statements then carry many keys: per key, PostgreSQL and the driver do a
 * fraction of a statement's fixed work (measured on the session lookup of every request, bench/README.md).
 *
 * Each caller gets exactly what a lookup of its own key would give (undefined when the key has no
 * row); a failed statement fails every lookup it carried, as each would have failed alone.
 */
export class LookupBatcher<K, V> {
  private waiting: { key: K; resolve: (v: V | undefined) => void; reject: (err: unknown) => void }[] = [];
  private inFlight = 0;
  /** Statements sent and keys looked up (for tests and logs). */
  readonly stats = { statements: 0, keys: 0 };

  constructor(
    /** The rows of the keys found, by key (keys not found are simply absent). */
    private readonly lookUp: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxInFlight = 2,
    private readonly maxBatch = 200,
  ) {}

  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.inFlight++;
      this.stats.statements++;
      this.stats.keys += batch.length;
      const keys = [...new Set(batch.map((w) => w.key))];
      this.lookUp(keys).then(
        (found) => { for (const w of batch) w.resolve(found.get(w.key)); },
        (err: unknown) => { for (const w of batch) w.reject(err); },
      ).finally(() => { this.inFlight--; this.flush(); });
    }
  }
}
