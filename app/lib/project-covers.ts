// The built-in project covers. Imported without inlining so each is a fingerprinted file of its
// own: a project stores the cover's URL, which must stay short and stable.
import aurora from "~/assets/covers/aurora.svg?no-inline";
import berry from "~/assets/covers/berry.svg?no-inline";
import dusk from "~/assets/covers/dusk.svg?no-inline";
import ember from "~/assets/covers/ember.svg?no-inline";
import meadow from "~/assets/covers/meadow.svg?no-inline";
import ocean from "~/assets/covers/ocean.svg?no-inline";
import sky from "~/assets/covers/sky.svg?no-inline";
import slate from "~/assets/covers/slate.svg?no-inline";

export const PROJECT_COVERS: readonly { name: string; url: string }[] = [
  { name: "Aurora", url: aurora },
  { name: "Dusk", url: dusk },
  { name: "Ocean", url: ocean },
  { name: "Ember", url: ember },
  { name: "Slate", url: slate },
  { name: "Meadow", url: meadow },
  { name: "Berry", url: berry },
  { name: "Sky", url: sky },
];
