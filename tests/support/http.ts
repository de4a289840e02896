/**
 * Reads a response body as loosely typed JSON: API tests assert on its shape field by field,
 * so a static type here would only restate the assertions.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = async (res: Response): Promise<any> => res.json();
