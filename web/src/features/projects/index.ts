// What other features may use of projects: the picker production and shipping name a project
// with, a client's projects for an invoice, and the keys a write refreshes projects through.
import './strings';
export { ProjectSelect, type ProjectSelectProps } from './components/project-select';
export { projectKeys } from './api/keys';
export { projectQuery, useClientProjects } from './api/projects';
