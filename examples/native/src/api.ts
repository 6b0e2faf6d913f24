/**
 * Where the demo API answers (examples/demo: `npm run demo` serves it on port 5173). An Android
 * emulator reaches the computer's localhost at 10.0.2.2; a phone needs the computer's address.
 */
export const API_URL = 'http://localhost:5173'
