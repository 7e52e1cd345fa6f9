export {
  ghgrpSheetFacilities,
  type GhgrpSheetFacility,
} from '../../../../scripts/test-support/ghgrp-sheet-witness.mjs';
