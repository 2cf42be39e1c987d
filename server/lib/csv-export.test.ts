import { describe, expect, it } from 'vitest';
import { csvExport, type CsvCell } from './csv-export';

async function text(stream: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const chunk of stream) all += chunk;
  return all;
}

describe('a CSV export', () => {
  it('writes the header, then every cell through the spreadsheet guard: formulas as text, numbers as numbers', async () => {
    const csv = await text(csvExport(['name', 'amount', 'note'], [['Bob;=1+1', '-5.00', '@SUM(A1)'], [null, 12, '=HYPERLINK("x")']]));
    expect(csv).toBe(['name,amount,note', "Bob;'=1+1,-5.00,'@SUM(A1)", `,12,"'=HYPERLINK(""x"")"`, ''].join('\n'));
  });

  it('writes only the header for no rows, and ends with the error of a source that fails', async () => {
    expect(await text(csvExport(['a'], []))).toBe('a\n');
    function* failing(): Iterable<readonly CsvCell[]> {
      yield ['first'];
      throw new Error('the database went away');
    }
    await expect(text(csvExport(['a'], failing()))).rejects.toThrow('the database went away');
  });
});
