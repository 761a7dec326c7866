import type { ComponentType } from 'react';
import type { ApiPanelKind, ApiPanelProps } from '../../../shared/islands.js';

export declare const API_PANELS: { [K in ApiPanelKind]: ComponentType<ApiPanelProps[K]> };
