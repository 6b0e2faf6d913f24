// The devtools' corner button, in both builds: `tessera/devtools` renders nothing in a production
// build, so the production build takes the same component from `tessera/devtools/production`
// (an app would normally show it in development only). The panel's code is loaded when it opens.
import { TesseraDevtools as InDevelopment } from 'tessera/devtools'
import { TesseraDevtools as InProduction } from 'tessera/devtools/production'

export const DemoDevtools = import.meta.env.DEV ? InDevelopment : InProduction
