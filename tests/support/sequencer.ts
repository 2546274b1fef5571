import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (projects by name, longest file first within each), with the files that wait for a server of a
 * background global setup last: the standard clients', then the browser files (./e2e-server.ts). The rest run
 * meanwhile, on the cores the app's build and the servers' seeding leave.
 */
export default class ServersLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => ['clients', 'e2e'].indexOf(spec.project.name);
    // Array.prototype.sort is stable: within a rank, vitest's order stays.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
