// Testing Library's waitFor and findBy* wait as long as `eventually` does (see there for why).
import { configure } from '@testing-library/react';
import { ASYNC_LIMIT_MS } from './eventually.ts';

configure({ asyncUtilTimeout: ASYNC_LIMIT_MS });
