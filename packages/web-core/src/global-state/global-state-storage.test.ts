import { schoolsResolved } from '@cuota/web-core/global-state/global-state-slice';
import {
  GLOBAL_STATE_STORAGE_KEY,
  readGlobalState,
} from '@cuota/web-core/global-state/global-state-storage';
import { createAppStore } from '@cuota/web-core/store';

afterEach(() => {
  jest.restoreAllMocks();
  sessionStorage.clear();
});

test('the global state is kept in session storage and read back on the next page load', () => {
  const store = createAppStore();
  const schools = [{ id: 'valle', name: 'Colegio del Valle' }];

  store.dispatch(schoolsResolved({ schools, selectedSchool: 'valle' }));

  expect(JSON.parse(sessionStorage.getItem(GLOBAL_STATE_STORAGE_KEY)!)).toEqual({
    schools,
    selectedSchool: 'valle',
    webview: false,
  });
  expect(readGlobalState()).toEqual({ schools, selectedSchool: 'valle', webview: false });
});

test('blocked or garbled session storage starts from an empty state', () => {
  sessionStorage.setItem(GLOBAL_STATE_STORAGE_KEY, '{"schools": 3}');
  expect(readGlobalState()).toEqual({ schools: [], selectedSchool: null, webview: false });

  jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new DOMException('denied', 'SecurityError');
  });
  expect(readGlobalState()).toEqual({ schools: [], selectedSchool: null, webview: false });
});
