// The enabled server extensions: one line each, `export { default as <name> } from './<name>/index';`.
// Their hooks run in alphabetical order of these names, after the core's.
export { default as activity } from './activity/index';
export { default as notify } from './notify/index';
