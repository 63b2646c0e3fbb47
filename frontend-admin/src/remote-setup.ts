// Runs before any exposed page (the rspack config puts it in front of each page of src/pages.manifest.json):
// this remote's dictionaries and styles, and zod set to parse without generated code (the CSP forbids eval).
// When this remote provides the shared Arco copy (its version won the negotiation) the adapter must patch
// that copy; the shell patches its own in its bootstrap.
import '@arco-design/web-react/es/_util/react-19-adapter';
import { parseSchemasWithoutEval } from '@gw/shared';
import { addDictionary } from '@gw/web';
import { adminEn, adminZh } from './locale';
import './admin.css';

addDictionary(adminZh, adminEn);
parseSchemasWithoutEval();
