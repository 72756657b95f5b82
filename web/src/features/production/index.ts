// The production feature's screens are routed lazily by src/app/router.tsx. Other
// features use only what is exported here (load it lazily: it brings production's strings).
import './strings';
export { RecipeButton } from './components/recipe-button';
export { productionKeys } from './api/keys';
