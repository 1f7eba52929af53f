import { areaList } from '@vant/area-data';
import { describe, expect, it } from 'vitest';
import {
  AddressMessages,
  addressLine,
  checkAddress,
  cleanPhone,
  cleanText,
  isDetail,
  isName,
  maskPhone,
  splitAddress,
  type SplitAddress,
} from './addresses.ts';
import { buildRegions, searchRegions, shortNames } from './regions.ts';

const regions = buildRegions(areaList);

const XIHU = { province: '浙江省', city: '杭州市', district: '西湖区', regionCode: '330106' };

describe('splitAddress (智能识别)', () => {
  const cases: [string, Partial<SplitAddress>][] = [
    [
      '张三 13800138000 浙江省杭州市西湖区文三路138号',
      { name: '张三', phone: '13800138000', ...XIHU, detail: '文三路138号' },
    ],
    [
      '浙江杭州西湖区文三路138号 张三 13800138000',
      { name: '张三', phone: '13800138000', ...XIHU, detail: '文三路138号' },
    ],
    [
      '张三，13800138000，浙江省杭州市西湖区文三路138号',
      { name: '张三', phone: '13800138000', ...XIHU, detail: '文三路138号' },
    ],
    [
      '收货人：张三\n手机号码：13800138000\n所在地区：浙江省 杭州市 西湖区\n详细地址：文三路138号',
      { name: '张三', phone: '13800138000', ...XIHU, detail: '文三路138号' },
    ],
    [
      '13800138000 张三 浙江省杭州市西湖区文三路138号',
      { name: '张三', phone: '13800138000', ...XIHU, detail: '文三路138号' },
    ],
    [
      '浙江省杭州市西湖区文三路138号 13800138000 张三',
      { name: '张三', phone: '13800138000', ...XIHU, detail: '文三路138号' },
    ],
    [
      '李四 139-1234-5678 北京市北京市朝阳区建国路88号',
      {
        name: '李四',
        phone: '13912345678',
        province: '北京市',
        city: '北京市',
        district: '朝阳区',
        regionCode: '110105',
        detail: '建国路88号',
      },
    ],
    [
      '王小明 15000000000 上海市浦东新区世纪大道100号',
      {
        name: '王小明',
        phone: '15000000000',
        province: '上海市',
        city: '上海市',
        district: '浦东新区',
        regionCode: '310115',
        detail: '世纪大道100号',
      },
    ],
    [
      '北京朝阳区建国路88号 赵六 18612345678',
      {
        name: '赵六',
        province: '北京市',
        city: '北京市',
        district: '朝阳区',
        detail: '建国路88号',
      },
    ],
    [
      '收件人 钱七 电话: +86 137 1111 2222 地址：广东省深圳市南山区科技园南区1栋',
      {
        name: '钱七',
        phone: '13711112222',
        province: '广东省',
        city: '深圳市',
        district: '南山区',
        regionCode: '440305',
        detail: '科技园南区1栋',
      },
    ],
    [
      '孙八 18800001111 湖北恩施市舞阳大道1号',
      {
        name: '孙八',
        province: '湖北省',
        city: '恩施土家族苗族自治州',
        district: '恩施市',
        regionCode: '422801',
        detail: '舞阳大道1号',
      },
    ],
    [
      '杭州市西湖区文三路138号 张三 13800138000',
      { name: '张三', phone: '13800138000', ...XIHU, detail: '文三路138号' },
    ],
    [
      '重庆市渝中区解放碑1号 周九 13300001111',
      { name: '周九', province: '重庆市', city: '重庆市', district: '渝中区', detail: '解放碑1号' },
    ],
    [
      '吴十 13800138000 江西省南昌市西湖区中山路1号',
      {
        name: '吴十',
        province: '江西省',
        city: '南昌市',
        district: '西湖区',
        regionCode: '360103',
      },
    ],
    [
      '阿卜杜·热合曼 13900001111 新疆乌鲁木齐市天山区人民路2号',
      {
        name: '阿卜杜·热合曼',
        province: '新疆维吾尔自治区',
        city: '乌鲁木齐市',
        district: '天山区',
        detail: '人民路2号',
      },
    ],
    [
      '张三 13800138000 文三路138号',
      { name: '张三', phone: '13800138000', province: '', regionCode: '', detail: '文三路138号' },
    ],
    [
      '浙江省杭州市文三路138号 张三',
      {
        name: '张三',
        province: '浙江省',
        city: '杭州市',
        district: '',
        regionCode: '',
        detail: '文三路138号',
      },
    ],
    [
      '张三１３８００１３８０００浙江省杭州市西湖区文三路１３８号',
      { name: '张三', phone: '13800138000', ...XIHU, detail: '文三路138号' },
    ],
    [
      '浙江省杭州市西湖区文三路138号 学院楼 张三',
      { name: '张三', ...XIHU, detail: '文三路138号学院楼' },
    ],
    [
      '河南省济源市天坛路1号 郑一 13500001111',
      {
        name: '郑一',
        province: '河南省',
        city: '省直辖县',
        district: '济源市',
        detail: '天坛路1号',
      },
    ],
  ];
  for (const [pasted, expected] of cases) {
    it(`splits ${JSON.stringify(pasted)}`, () => {
      expect(splitAddress(regions, pasted)).toMatchObject(expected);
    });
  }

  it('answers empty parts for text without any', () => {
    expect(splitAddress(regions, '   ')).toEqual({
      name: '',
      phone: '',
      province: '',
      city: '',
      district: '',
      regionCode: '',
      detail: '',
    });
  });

  it('drops markup and control characters from what it finds', () => {
    const split = splitAddress(
      regions,
      '张三 13800138000 浙江省杭州市西湖区<script>文三路\u0000138号',
    );
    expect(split.detail).toBe('script文三路138号');
  });
});

describe('the regions dataset', () => {
  it('holds the provinces, cities and districts with their codes', () => {
    expect(regions.provinces).toHaveLength(34);
    expect(regions.resolve('浙江省', '杭州市', '西湖区')).toBe('330106');
    expect(regions.resolve('浙江省', '杭州市', '朝阳区')).toBeNull();
    expect(regions.resolve('江西省', '杭州市', '西湖区')).toBeNull();
    expect(regions.pathOf('330106')).toEqual(XIHU);
    expect(regions.pathOf('330100')).toBeNull();
    expect(regions.citiesOf('330000').map((c) => c.name)).toContain('杭州市');
    expect(regions.districtsOf('330100').map((d) => d.name)).toContain('西湖区');
  });

  it('knows the short forms people write', () => {
    expect(shortNames('浙江省', 'province')).toEqual(['浙江']);
    expect(shortNames('广西壮族自治区', 'province')).toEqual(['广西']);
    expect(shortNames('恩施土家族苗族自治州', 'city')).toEqual(['恩施']);
    expect(shortNames('西双版纳傣族自治州', 'city')).toEqual(['西双版纳']);
    expect(shortNames('莫力达瓦达斡尔族自治旗', 'district')).toEqual(['莫力达瓦']);
    expect(shortNames('西湖区', 'district')).toEqual(['西湖']);
    expect(shortNames('城区', 'district')).toEqual([]);
  });

  it('finds a region by name: typing 西湖 lists 浙江省 杭州市 西湖区', () => {
    const hits = searchRegions(regions, '西湖');
    expect(hits).toContainEqual(XIHU);
    expect(hits.slice(0, 3).map((h) => h.district)).toEqual(['西湖区', '西湖区', '西湖乡']);
    expect(searchRegions(regions, '杭州西湖')[0]).toEqual(XIHU);
    expect(searchRegions(regions, '浙江省杭州市西湖区')[0]).toEqual(XIHU);
    expect(searchRegions(regions, '  ')).toEqual([]);
    expect(searchRegions(regions, '杭州').length).toBeGreaterThan(5);
  });
});

describe('address rules', () => {
  const good = {
    name: ' 张三 ',
    phone: '138 0013 8000',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '文三路138号',
  };

  it('accepts a real address, cleaned, with its region code', () => {
    expect(checkAddress(regions, good)).toEqual({
      problem: null,
      address: { ...good, name: '张三', phone: '13800138000', regionCode: '330106' },
    });
  });

  it('names the first problem', () => {
    expect(checkAddress(regions, { ...good, name: ' ' })).toMatchObject({ problem: 'NAME' });
    expect(checkAddress(regions, { ...good, name: '张'.repeat(26) })).toMatchObject({
      problem: 'NAME',
    });
    expect(checkAddress(regions, { ...good, phone: '12800138000' })).toMatchObject({
      problem: 'PHONE',
      message: AddressMessages.PHONE,
    });
    expect(checkAddress(regions, { ...good, district: '朝阳区' })).toMatchObject({
      problem: 'REGION',
    });
    expect(checkAddress(regions, { ...good, detail: '路' })).toMatchObject({ problem: 'DETAIL' });
  });

  it('reads phones, names and details as people type them', () => {
    expect(cleanPhone('+86 138-0013-8000')).toBe('13800138000');
    expect(cleanPhone('8613800138000')).toBe('13800138000');
    expect(cleanPhone('1380013800')).toBe('');
    expect(cleanPhone('23800138000')).toBe('');
    expect(isName('Li Lei')).toBe(true);
    expect(isName('<>')).toBe(false);
    expect(isDetail('文三路 138 号')).toBe(true);
    expect(isDetail('x'.repeat(121))).toBe(false);
    expect(cleanText(' 文三路\u200b  138号\t')).toBe('文三路 138号');
  });

  it('shows an address on one line and a phone masked', () => {
    expect(addressLine({ ...XIHU, detail: '文三路138号' })).toBe('浙江省杭州市西湖区文三路138号');
    expect(
      addressLine({ province: '北京市', city: '北京市', district: '朝阳区', detail: '建国路88号' }),
    ).toBe('北京市朝阳区建国路88号');
    expect(maskPhone('13800138000')).toBe('138****8000');
  });
});
