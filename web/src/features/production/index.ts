// The production feature's screens are routed lazily by src/app/router.tsx; nothing
// else is shared from it.
import './strings';
export {};
