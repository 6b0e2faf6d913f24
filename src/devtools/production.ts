// `tessera/devtools/production`: the panel in every build, production included (for a staging
// site, or to debug a production build). The same names as `tessera/devtools`, which renders
// nothing in production builds.
export { TesseraDevtools, type TesseraDevtoolsProps, type Corner } from './TesseraDevtools'
export { TesseraDevtoolsPanel, type TesseraDevtoolsPanelProps } from './TesseraDevtoolsPanel'
export * from './model'
