/**
 * The regions of China for the server: the dataset package (@vant/area-data: GB/T 2260 provinces,
 * cities and districts, kept by the Vant team) read once per process. Browsers never load the
 * dataset: the address page gets the provinces, and the picker one province's cities and
 * districts at a time (AddressContracts.regions).
 */
import { areaList } from '@vant/area-data';
import { buildRegions, type CityRegions, type Regions } from './regions.ts';

let built: Regions | undefined;

export function regions(): Regions {
  built ??= buildRegions(areaList);
  return built;
}

/** A province's cities, each with its districts; [] for a code that is not a province. */
export function provinceRegions(provinceCode: string): CityRegions[] {
  const all = regions();
  return all.citiesOf(provinceCode).map((city) => ({
    code: city.code,
    name: city.name,
    districts: all.districtsOf(city.code).map(({ code, name }) => ({ code, name })),
  }));
}
