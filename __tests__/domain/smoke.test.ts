import { brand } from '../../src/config/brand';

test('brand config names the product', () => {
  expect(brand.productName).toBe('Becca');
});
