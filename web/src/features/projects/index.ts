// What other features may use of projects: the picker production and shipping name a project with.
import './strings';
export { ProjectSelect, type ProjectSelectProps } from './components/project-select';
