// Runs before any exposed page. When this remote provides the shared Arco copy (its version won the
// negotiation) the adapter must patch that copy; the shell patches its own in its bootstrap.
import '@arco-design/web-react/es/_util/react-19-adapter';
import { addDictionary } from '@gw/web';
import { en, zh } from './locale';

addDictionary(zh, en);
