import { BaseSequencer, type TestSpecification } from "vitest/node";
import { RACE_FILE, RACE_PROJECT } from "./race-files";

/**
 * Vitest's order (longest or largest first, project by project), with the race files of the
 * "api-pg" project spread evenly through it (decision 078). A race file waits for any other race
 * file to finish (test/races-one-at-a-time.ts): one in every few files, the other worker is almost
 * always busy with a file that does not race, and neither waits.
 */
export class RacesSpreadOut extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const races = sorted.filter(isRace);
    const rest = sorted.filter((spec) => !isRace(spec));
    const first = rest.findIndex(inRaceProject);
    const count = rest.filter(inRaceProject).length;
    if (races.length === 0 || first === -1) return sorted;
    const spread: TestSpecification[] = [];
    let placed = 0;
    rest.forEach((spec, index) => {
      while (placed < races.length && index === first + Math.floor((placed * count) / races.length)) {
        spread.push(races[placed++]!);
      }
      spread.push(spec);
    });
    return [...spread, ...races.slice(placed)];
  }
}

const inRaceProject = (spec: TestSpecification) => spec.project.name === RACE_PROJECT;
const isRace = (spec: TestSpecification) => inRaceProject(spec) && RACE_FILE.test(spec.moduleId);
