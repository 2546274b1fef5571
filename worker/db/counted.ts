/**
 * A D1 binding that counts the statements run through it (each prepared statement, alone or in a batch): how a
 * share link's object proves that a second viewer within its cache time costs no D1 query.
 */
export function countedD1(d1: D1Database, count: () => void): D1Database {
  return new Proxy(d1, {
    get(target, property, receiver) {
      if (property === 'prepare') {
        return (query: string) => {
          count();
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
