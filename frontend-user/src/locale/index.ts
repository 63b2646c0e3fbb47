export { zh } from './zh';
export { en } from './en';
