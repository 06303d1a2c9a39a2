/** The console's browser entry (docs/console.md): wires the machines' effects to the browser and renders. */
import './console.css';
import { type ConsoleApi, createApi, errorCode } from './api';

const api: ConsoleApi = createApi();
void api.session().catch((err: unknown) => errorCode(err));
